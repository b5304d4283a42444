import { idCardCheckChar } from '@sq/contract/id-card';

/**
 * Made-up but realistic residents for the benchmarks: common Chinese surnames and given names,
 * valid ID numbers (real birth dates, right check character) and mobiles. Deterministic, so two
 * runs search for the same names.
 */
const SURNAMES = [
  '王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗',
  '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹', '彭', '曾', '肖', '田', '董', '袁', '潘', '于', '蒋', '蔡',
  '余', '杜', '叶', '程', '苏', '魏', '吕', '丁', '任', '沈', '姚', '卢', '姜', '崔', '钟', '谭', '陆', '汪', '范', '金',
  '欧阳', '司马', '诸葛', '上官',
];
const GIVEN = [
  '伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞',
  '平', '刚', '桂英', '建国', '建华', '晓东', '晓燕', '子涵', '浩然', '宇轩', '欣怡', '梓萱', '一诺', '思远', '雨桐', '俊杰',
  '佳怡', '志强', '海燕', '文博', '国庆', '春梅', '玉兰', '红霞', '丽娟', '鹏飞', '振华', '淑珍', '凤英', '嘉怡', '梓涵', '诗涵',
  '博文', '天佑', '立新', '卫东', '美玲', '亚楠', '晨曦', '家豪',
];
const REGIONS = ['110105', '110108', '110101', '130102', '310104', '320102', '330106', '370202', '410105', '420106', '440305', '510107'];
const STREETS = ['望京西园', '花家地北里', '南湖东园', '利泽西园', '阜通东大街', '广顺北大街'];

/** A small deterministic PRNG (mulberry32): same seed, same people. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Person {
  name: string;
  mobile: string;
  card: string;
  address: string;
  buildingNo: string;
}

/** Person number `i` of a series: mobiles are unique per (series, i) for i < 10⁷. */
export function person(i: number, series = 0): Person {
  const r = prng(i * 7919 + series * 104_729 + 1);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const birth = new Date(Date.UTC(1950 + Math.floor(r() * 55), 0, 1) + Math.floor(r() * 365) * 86_400_000);
  const first17 = `${pick(REGIONS)}${birth.toISOString().slice(0, 10).replaceAll('-', '')}${String(i % 1000).padStart(3, '0')}`;
  const building = 1 + Math.floor(r() * 30);
  return {
    name: pick(SURNAMES) + pick(GIVEN),
    // 15x/17x/18x/19x: never a demo account (1380000000x).
    mobile: `${['15', '17', '18', '19'][series % 4]}${series % 10}${String(i).padStart(8, '0')}`,
    card: first17 + idCardCheckChar(first17),
    address: `${pick(STREETS)}${building}号楼${1 + Math.floor(r() * 6)}单元${100 * (1 + Math.floor(r() * 18)) + 1 + Math.floor(r() * 4)}`,
    buildingNo: `${building}号楼`,
  };
}
