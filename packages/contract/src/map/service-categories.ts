/**
 * The ten community service categories of spec §9, shown as the 社区服务 grid on the community
 * home. The spec names them but not what they lead to: each leads to the places of that kind
 * within the search radius around the community, found by the words such places carry in their
 * names (map services file most of these – early education, maternity, interest classes – under
 * broad types, so words find them better than type codes).
 */
export const SERVICE_CATEGORIES = {
  playground: { label: '游乐场', title: '周边游乐场', keywords: ['游乐场', '儿童乐园', '游乐园'] },
  food: { label: '美食', title: '周边美食', keywords: ['餐厅', '饭店', '美食', '小吃'] },
  hotspring: { label: '温泉住宿', title: '温泉住宿', keywords: ['温泉', '度假酒店', '民宿'] },
  fruit: { label: '水果', title: '周边水果店', keywords: ['水果', '果蔬', '鲜果'] },
  membership: { label: '会员卡', title: '会员卡商家', keywords: ['会员', '健身', '游泳'] },
  classes: { label: '兴趣班', title: '周边兴趣班', keywords: ['兴趣班', '培训', '美术', '舞蹈', '钢琴'] },
  family: { label: '亲子活动', title: '亲子活动', keywords: ['亲子', '绘本馆', '儿童'] },
  maternity: { label: '母婴', title: '母婴服务', keywords: ['母婴', '孕婴', '月子'] },
  earlyEducation: { label: '早教', title: '早教中心', keywords: ['早教', '托育'] },
  lifeServices: { label: '生活服务', title: '生活服务', keywords: ['家政', '维修', '洗衣', '开锁', '便民'] },
} as const;

export type ServiceCategory = keyof typeof SERVICE_CATEGORIES;
export const SERVICE_CATEGORY_IDS = Object.keys(SERVICE_CATEGORIES) as ServiceCategory[];
export const MSG_BAD_SERVICE_CATEGORY = '服务类别不正确';

export function isServiceCategory(value: unknown): value is ServiceCategory {
  return typeof value === 'string' && Object.hasOwn(SERVICE_CATEGORIES, value);
}
