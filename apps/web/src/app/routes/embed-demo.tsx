// /embed-demo: a host page that embeds polls with /embed/poll.js (docs/embedding.md).
export { EmbedDemoPage as Component } from '../../features/polls/pages/embed-demo-page';
