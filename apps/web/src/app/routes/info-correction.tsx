export { CorrectionPage as Component } from '../../features/info/pages/correction-page';
