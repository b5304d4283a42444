// /stickdetail?id=: a post of 邻里圈 with its comments; /detailRefresh?id= reads it again first.
export { PostPage as Component } from '../../features/board/pages/post-page';
