// /login and /quickLogin?referer=… are one screen (DESIGN §5).
export { LoginPage as Component } from '../../features/auth/pages/login-page';
