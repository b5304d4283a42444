// /stickdetail?id=: a post of 邻里圈 with its comments.
export { PostPage as Component } from '../../features/board/pages/post-page';
