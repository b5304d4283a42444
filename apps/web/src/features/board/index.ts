// 邻里圈's public entry: what other features use of it.
export { uploadImage } from './api/upload-image';
