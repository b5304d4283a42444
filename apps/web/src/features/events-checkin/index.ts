// 活动签到's public entry: the resident's check-in QR, which the event pages show.
export { TicketQr } from './ticket-qr';
