/** The demo accounts of DESIGN.md §5, printed at start-up and listed in the README. */
export const DEMO_ACCOUNTS = [
  { mobile: '13800000001', username: '张建国', role: '社区管理员（望京花园西区、花家地北里），平台运营（审核街道信息）' },
  { mobile: '13800000002', username: '李秀英', role: '社区经理（望京花园西区）' },
  { mobile: '13800000003', username: '赵师傅', role: '执勤者（仅望京花园西区）' },
  { mobile: '13800000004', username: '陈明', role: '居民，通行证已通过（望京花园西区），团长（8号楼陈哥）' },
  { mobile: '13800000005', username: '刘洋', role: '访客，临时通行证（望京花园西区）' },
  { mobile: '13800000006', username: '王老板', role: '商家店主（望京鲜果铺，已通过审核）' },
  { mobile: '13800000007', username: '小周', role: '商家店员（望京鲜果铺）' },
] as const;
