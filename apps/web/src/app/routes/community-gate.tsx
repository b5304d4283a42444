// /areamsg?poiId=…: 小区信息 and the printable gate QR codes.
export { CommunityGatePage as Component } from '../../features/manage/pages/community-gate-page';
