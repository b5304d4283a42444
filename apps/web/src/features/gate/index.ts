// The gate's public entry: the one scanner (screen, camera loop, offline queue) every kind of code a counter scans is built on (DESIGN.md §9).
export { ScannerScreen, useContinuousScan, type CodeCheck } from './components/scanner-shell';
export { useOfflineQueue, type OfflineAdapter } from './lib/use-offline-queue';
export { queuedScans, type CouponScan, type OrderScan, type QueuedScan } from './lib/offline-store';
