// /albums: 社区相册 – the community's albums; ?event= one event's photos with the full-screen viewer.
export { AlbumsPage as Component } from '../../features/albums/pages/albums-page';
