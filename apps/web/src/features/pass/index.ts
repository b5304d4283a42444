// The pass's public entry: the QR drawn on the phone (off the page's thread), which coupons show too.
export { QrImage, QrSquare } from './components/qr-image';
