/** What other features may use of `notifications`: the 消息 link with its unread count. */
export { NoticeBell } from './components/notice-bell';
