/**
 * What other features may use of `manage`: the management screens' frame (the green band, the
 * failure and missing-community panels, the end-of-list line, the shared look in manage-ui.css)
 * and the caller's role in a community, for screens of other domains reached from 管理中心
 * (邻里圈管理, 活动管理) and their exports. Everything else stays inside the feature.
 */
export { centreOf, ManageHeader } from './components/manage-header';
export { LoadFailure, MissingCommunity } from './components/load-failure';
export { listEnd } from './components/list-end';
export { useStaff } from './api/staff';
export { IsAdmin } from './lib/roles';
export { PagedList } from './components/paged-list';
export { ExportButton } from './components/export-button';
// The gate posters' QR modules and file saving, reused by the 团长's share poster (features/earnings).
export { QUIET_ZONE, qrMatrix, type QrMatrix } from './lib/qr-matrix';
export { drawQr, fitText, saveBlob } from './lib/poster-png';
