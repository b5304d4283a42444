/* The notice shown where personal data is collected (PIPL arts. 14, 17); no zod, so pages print it cheaply. */
import { retentionNotice, type Retention } from '../manage/retention-rules';

/** Bumped when the notice's substance changes: a consent is to a version. */
export const PRIVACY_NOTICE_VERSION = '2026-11-24';

export const MSG_CONSENT = '请先阅读并勾选同意《个人信息处理说明》';

/** The notice as headed paragraphs: purpose, what is kept, for how long, who sees it, the person's rights. */
export function privacyNotice(community: string, retention: Retention): { title: string; text: string }[] {
  const who = community || '本社区';
  return [
    {
      title: '用途',
      text: `${who}物业与社区工作人员用您的登记信息核验身份、审核出入登记、在门岗核验通行证并记录出入，用于社区安全管理，不作他用。`,
    },
    {
      title: '收集的信息',
      text: '姓名、手机号、证件类型与号码（护照另含国籍）、身份、地址与楼号房间；租户的租赁截止日期、公司名称或来访事由；如填写，返京日期、出发地、交通方式与车次（行程信息）；每次出入的时间与方向。',
    },
    { title: '保存期限', text: retentionNotice(retention) },
    {
      title: '谁能看到',
      text: `${who}的管理员、社区经理和执勤人员。列表中手机号、证件号码部分隐藏；完整号码只在工作人员审核登记或在门岗扫码核验时显示，每次查看和每次导出都记入操作日志。信息加密保存，不向第三方提供。`,
    },
    {
      title: '您的权利',
      text: '您可以在“我的信息”中查看我们保存的您的信息、谁查看或导出过它，下载副本，删除登记或注销账号；也可以联系社区工作人员更正。',
    },
  ];
}

/**
 * The notice an invited visitor agrees to before giving a document (PIPL arts. 14, 17): they have
 * no account, so their rights go through the resident who invited them and the community's staff.
 */
export function visitorNotice(community: string, retention: Retention): { title: string; text: string }[] {
  const who = community || '本社区';
  return [
    { title: '用途', text: `${who}在门岗核验您的访客通行证并记录出入，用于社区安全管理，不作他用。` },
    { title: '收集的信息', text: '邀请人提供的您的姓名、手机号、来访时间和车牌（如有）；您填写的证件类型与号码（护照另含国籍）；每次出入的时间与方向。' },
    {
      title: '保存期限',
      text: `邀请在来访结束${retention.endedDays}天后删除；出入记录保存${retention.logMonths}个月。`,
    },
    {
      title: '谁能看到',
      text: `邀请您的住户（手机号、车牌部分隐藏）；${who}的管理员、社区经理和执勤人员，完整号码只在门岗扫码核验时显示，每次查看和导出都记入操作日志。信息加密保存，不向第三方提供。`,
    },
    { title: '您的权利', text: '您可以请邀请人取消邀请，或联系社区工作人员查阅、更正或删除您的信息。' },
  ];
}
