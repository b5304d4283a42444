export { SupportPage as Component } from '../../features/pass/pages/support-page';
