// /gatescan?poiId=…&state=1|2: 连续扫码核验 – the duty staff's rush-hour scanner.
export { GateScannerPage as Component } from '../../features/gate/pages/gate-scanner-page';
