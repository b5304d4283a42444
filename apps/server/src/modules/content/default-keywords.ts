/**
 * The maintained keyword list every community has (DESIGN.md §9): words of the scams, illegal
 * trades and adverts that neighbourhood groups in China are actually hit by. A text holding one is
 * not refused but waits for staff – 刷单 may be a warning about the scam – and staff decide.
 * Communities add their own (管理中心 → 邻里圈管理 → 关键词). Not shown to users: a visible
 * list teaches how to get around it. Kept short and specific so that ordinary posts pass.
 */
export const DEFAULT_KEYWORDS: readonly string[] = [
  // Scams (公安部 反诈 common types)
  '刷单', '兼职日结', '日赚', '躺赚', '高额返利', '刷信誉', '网贷秒批', '无抵押贷款', '套现', '征信修复', '注销校园贷',
  '安全账户', '冒充公检法', '保证金解冻', '杀猪盘', '虚拟币投资', '内幕消息', '稳赚不赔',
  // Gambling, drugs, weapons, forged documents
  '博彩', '赌博', '六合彩', '时时彩', '百家乐', '网上赌场', '冰毒', '大麻', '摇头丸', 'K粉', '枪支', '仿真枪', '管制刀具',
  '办证', '代办证件', '假证', '代开发票', '发票代开', '买卖银行卡', '收购银行卡', '出租银行卡', '手机卡出售',
  // Sex trade, surrogacy, organ trade
  '裸聊', '援交', '约炮', '色情服务', '代孕', '卖肾', '器官买卖',
  // Personal data trade (《个人信息保护法》)
  '出售个人信息', '公民信息', '业主名单出售', '开房记录', '查手机定位',
];
