// /stickmanage?poiId=…: 邻里圈管理 – the staff's moderation of the community's board.
export { BoardManagePage as Component } from '../../features/board-manage/pages/board-manage-page';
