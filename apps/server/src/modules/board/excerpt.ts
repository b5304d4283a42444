/** 帖子「前二十个字…」: how a notice or an audit line names a post or comment without all of it. */
export function excerpt(target: 'post' | 'comment', text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  const short = chars.length > 20 ? `${chars.slice(0, 20).join('')}…` : chars.join('');
  return `${target === 'post' ? '帖子' : '评论'}「${short}」`;
}
