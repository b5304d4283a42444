import { useEffect } from 'react';

const APP_NAME = '社区服务';

/**
 * Sets the tab / WebView title: "登录 - 社区服务", or just the app name. Native shells show it
 * in their title bar. (An effect rather than React 19's <title> hoisting, which React 18 lacks.)
 */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} - ${APP_NAME}` : APP_NAME;
  }, [title]);
}
