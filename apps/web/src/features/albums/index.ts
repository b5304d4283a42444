// 社区相册's public entry: the staff's removal queue, shown in 场地与相册管理 (/areamanage).
export { RemovalQueue } from './components/removal-queue';
