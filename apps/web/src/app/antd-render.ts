import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile 5 mounts Toast and Dialog through ReactDOM.render, which React 19 removed; this is
// the adapter its docs prescribe (mobile.ant.design/guide/v5-for-19). Mounting through createRoot
// ourselves is equally right on React 18, so the app does not care which one is installed.
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { sqRoot?: Root };
  host.sqRoot ??= createRoot(container);
  const root = host.sqRoot;
  root.render(node);
  return async () => {
    // Unmounting in the same tick as the close animation's last render makes React warn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});
