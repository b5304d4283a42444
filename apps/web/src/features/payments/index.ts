// 支付's public entry: what other features show of payments (the operator's reconciliation list).
export { Reconciliations } from './components/reconciliations';
