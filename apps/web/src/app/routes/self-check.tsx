// /test: 自助检测, the phone's self-check the support hotline asks for (linked from /support).
export { SelfCheckPage as Component } from '../../features/self-check/pages/self-check-page';
