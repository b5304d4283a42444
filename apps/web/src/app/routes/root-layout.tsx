import { Outlet, ScrollRestoration } from 'react-router';

/** Shell around every screen; a new page starts at the top, a back navigation where it was. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
