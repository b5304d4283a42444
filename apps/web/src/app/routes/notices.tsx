// /notices: 消息 – what the person was told, newest first, and which kinds they want.
export { NoticesPage as Component } from '../../features/notifications/pages/notices-page';
