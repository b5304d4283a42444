import { DEMO_POLL_IDS } from '@sq/server/seed/demo-polls';

// No browser types here: `bench -- lighthouse` scores the same screens.
/** The screens residents use most, each with a text that says it has loaded. */
export const MAIN_SCREENS: { path: string; ready: string; loggedIn: boolean }[] = [
  { path: '/login', ready: '获取验证码', loggedIn: false },
  { path: '/', ready: '望京花园西区', loggedIn: true },
  { path: '/pcheck?poiId=DEMO000001', ready: '陈明', loggedIn: true },
  { path: '/addmsg?poiId=DEMO000001', ready: '我的登记', loggedIn: true },
  { path: `/chiocevote?id=${DEMO_POLL_IDS.playground}`, ready: '儿童游乐区改造方案投票', loggedIn: true },
  { path: '/mydata?poiId=DEMO000001', ready: '谁查看或导出过', loggedIn: true },
  { path: '/notices', ready: '消息设置', loggedIn: true },
  { path: '/privacy?poiId=DEMO000001', ready: '保存期限', loggedIn: false },
  { path: '/support', ready: '技术支持', loggedIn: false },
  { path: '/vote?poiId=DEMO000001', ready: '儿童游乐区改造方案投票', loggedIn: true },
  // Ready once the round trips to the server have answered (the last of the checks to finish).
  { path: '/test', ready: '往返约', loggedIn: false },
];
