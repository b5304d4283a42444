export { ChooserPage as Component } from '../../features/community/pages/chooser-page';
