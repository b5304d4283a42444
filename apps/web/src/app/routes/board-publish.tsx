// /tpush (?id= edits one's own post): posting on 邻里圈.
export { PublishPage as Component } from '../../features/board/pages/publish-page';
