/** Demo communities, contacts and places around 望京, Beijing (GCJ-02 coordinates). */
export const DEMO_CENTRE = { lng: 116.4706, lat: 39.9935 };

export const DEMO_STREET = { streetId: 'DEMO-ST-001', name: '望京街道', cityname: '北京市', adname: '朝阳区' };

export const DEMO_COMMUNITIES = [
  { poiId: 'DEMO000001', name: '望京花园西区', address: '广顺南大街16号', lng: 116.4706, lat: 39.9935 },
  { poiId: 'DEMO000002', name: '花家地北里', address: '花家地街甲2号', lng: 116.4683, lat: 39.9868 },
  { poiId: 'DEMO000003', name: '南湖西园', address: '南湖西园一区', lng: 116.4767, lat: 40.0005 },
  { poiId: 'DEMO000004', name: '望京西园三区', address: '望京西园三区', lng: 116.4643, lat: 40.0013 },
  // About 1.9 km away: outside the chooser's 1000 m radius from the demo centre.
  { poiId: 'DEMO000005', name: '利泽西园', address: '利泽西园一区', lng: 116.4677, lat: 40.0105 },
].map((c) => ({ ...c, pname: '北京市', cityname: '北京市', adname: '朝阳区', streetId: DEMO_STREET.streetId }));

export const INFO_TYPES = [
  { id: 1, typeName: '物业', sort: 1 },
  { id: 2, typeName: '居委会', sort: 2 },
  { id: 3, typeName: '街道办事处', sort: 3 },
  { id: 4, typeName: '派出所', sort: 4 },
  { id: 5, typeName: '社区卫生服务站', sort: 5 },
  { id: 6, typeName: '其他', sort: 6 },
];

type Entry = { typeId: number; department: string; contact: string; address: string; lng: number; lat: number };
export const DEMO_ENTRIES: Record<string, Entry[]> = {
  DEMO000001: [
    { typeId: 1, department: '望京花园物业服务中心', contact: '010-64701234', address: '望京花园西区12号楼底商', lng: 116.4702, lat: 39.9931 },
    { typeId: 2, department: '望京花园西区社区居委会', contact: '010-64705678', address: '望京花园西区社区服务站二层', lng: 116.4711, lat: 39.9938 },
    { typeId: 4, department: '望京派出所', contact: '010-64720110', address: '望京街道阜通东大街8号', lng: 116.4745, lat: 39.9921 },
    { typeId: 5, department: '望京社区卫生服务中心', contact: '010-64726120', address: '花家地街9号', lng: 116.4689, lat: 39.9882 },
  ],
  DEMO000002: [
    { typeId: 1, department: '花家地北里物业管理处', contact: '010-64732211', address: '花家地北里3号楼一层', lng: 116.4681, lat: 39.9866 },
    { typeId: 2, department: '花家地北里社区居委会', contact: '010-64738890', address: '花家地北里社区服务中心', lng: 116.4687, lat: 39.9871 },
  ],
};

export const DEMO_STREET_ENTRIES: Entry[] = [
  { typeId: 3, department: '望京街道办事处', contact: '010-64709910', address: '望京西园222号', lng: 116.4662, lat: 39.9979 },
  { typeId: 6, department: '望京街道社区服务中心', contact: '010-64709920', address: '望京西园222号一层', lng: 116.4663, lat: 39.9978 },
  { typeId: 6, department: '望京街道综合执法队', contact: '010-64709930', address: '南湖东园122号', lng: 116.4801, lat: 40.0012 },
];

/** The seven nearby-place types of spec §9, with the map service's type codes. */
export const PLACE_TYPES = [
  { type: 5, code: '050000', label: '美食', names: ['老北京炸酱面馆', '望京小馆', '川味轩家常菜', '粥面小厨'] },
  { type: 6, code: '060400', label: '超市', names: ['邻里生活超市', '华联便民超市', '果蔬鲜超市', '惠民24小时便利店'] },
  { type: 7, code: '060101', label: '商场', names: ['望京购物中心', '花家地商业广场', '南湖生活广场', '望京凯德生活中心'] },
  { type: 8, code: '160100', label: '银行', names: ['工商银行望京支行', '建设银行花家地支行', '农业银行南湖支行', '邮政储蓄银行望京营业所'] },
  { type: 9, code: '090601', label: '药店', names: ['同仁堂药店望京店', '金象大药房', '便民药房', '康佳医药连锁'] },
  { type: 10, code: '100000', label: '酒店', names: ['望京商务酒店', '花家地快捷酒店', '南湖公寓酒店', '京旅之家'] },
  { type: 11, code: '080000', label: '休闲', names: ['望京公园', '南湖公园健身步道', '社区乒乓球馆', '花家地文化广场'] },
];

/** Offsets in degrees that place the four places of a type 150 m to 900 m from the centre (within the 1000 m search). */
export const PLACE_OFFSETS = [
  [0.0012, 0.0007],
  [-0.0035, 0.0021],
  [0.0061, -0.0044],
  [-0.0068, 0.0052],
];

/**
 * Places for the 社区服务 grid's ten categories (spec §9), two each within 1000 m of the centre;
 * their names carry the words the categories search for. Category names, not type codes, decide.
 */
export const SERVICE_PLACES: { id: string; name: string; typeCode: string; offset: [number, number] }[] = [
  { id: 'DEMO-S-PLAY-1', name: '望京欢乐儿童乐园', typeCode: '080500', offset: [0.0021, -0.0012] },
  { id: 'DEMO-S-PLAY-2', name: '南湖公园游乐场', typeCode: '080500', offset: [-0.0044, 0.0031] },
  { id: 'DEMO-S-FOOD-1', name: '阜通东大街小吃街', typeCode: '050300', offset: [0.0015, 0.0024] },
  { id: 'DEMO-S-FOOD-2', name: '花家地家常饭店', typeCode: '050100', offset: [-0.0027, -0.0019] },
  { id: 'DEMO-S-SPA-1', name: '望京温泉度假酒店', typeCode: '100100', offset: [0.0048, 0.0016] },
  { id: 'DEMO-S-SPA-2', name: '南湖民宿', typeCode: '100200', offset: [-0.0036, 0.0042] },
  { id: 'DEMO-S-FRUIT-1', name: '鲜丰水果（望京店）', typeCode: '060700', offset: [0.0009, -0.0021] },
  { id: 'DEMO-S-FRUIT-2', name: '花家地果蔬超市', typeCode: '060700', offset: [-0.0018, 0.0027] },
  { id: 'DEMO-S-MEMBER-1', name: '望京游泳健身会所', typeCode: '080100', offset: [0.0033, -0.0028] },
  { id: 'DEMO-S-MEMBER-2', name: '社区洗车会员店', typeCode: '010000', offset: [-0.0051, -0.0008] },
  { id: 'DEMO-S-CLASS-1', name: '小天鹅舞蹈培训', typeCode: '141400', offset: [0.0027, 0.0036] },
  { id: 'DEMO-S-CLASS-2', name: '望京少儿美术兴趣班', typeCode: '141400', offset: [-0.0012, -0.0038] },
  { id: 'DEMO-S-FAMILY-1', name: '花家地亲子绘本馆', typeCode: '140500', offset: [0.0039, -0.0006] },
  { id: 'DEMO-S-FAMILY-2', name: '南湖亲子农场', typeCode: '080500', offset: [-0.0047, 0.0019] },
  { id: 'DEMO-S-BABY-1', name: '爱婴坊母婴用品', typeCode: '060000', offset: [0.0006, 0.0041] },
  { id: 'DEMO-S-BABY-2', name: '望京月子会所', typeCode: '090000', offset: [-0.0031, -0.0033] },
  { id: 'DEMO-S-EARLY-1', name: '金宝贝早教中心', typeCode: '141400', offset: [0.0044, 0.0029] },
  { id: 'DEMO-S-EARLY-2', name: '社区托育园', typeCode: '141400', offset: [-0.0023, 0.0046] },
  { id: 'DEMO-S-LIFE-1', name: '望京便民家政服务', typeCode: '070000', offset: [0.0018, -0.0044] },
  { id: 'DEMO-S-LIFE-2', name: '花家地家电维修', typeCode: '070000', offset: [-0.0054, 0.0011] },
];
