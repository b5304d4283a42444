/** What other features may use of `auth`: logging out (the home's account bar, the admin's list). */
export { useLogout } from './api/logout';
