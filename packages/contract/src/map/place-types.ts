/**
 * The seven nearby-place types of spec §9: the web's `type` query (5…11), the page title and the
 * map service's type codes (several codes are sent joined by "|", as AMap expects).
 */
export const PLACE_TYPES = {
  5: { title: '周边美食', label: '美食', codes: ['050000'] },
  6: { title: '周边超市', label: '超市', codes: ['060400'] },
  7: { title: '周边商场', label: '商场', codes: ['060101'] },
  8: { title: '周边银行', label: '银行', codes: ['160100'] },
  9: { title: '周边药店', label: '药店', codes: ['090600', '090601', '090602'] },
  10: { title: '周边酒店', label: '酒店', codes: ['100000'] },
  11: { title: '周边休闲', label: '休闲', codes: ['080000'] },
} as const;
export type PlaceType = keyof typeof PLACE_TYPES;
export const PLACE_TYPE_IDS = Object.keys(PLACE_TYPES).map(Number) as PlaceType[];

export const MSG_BAD_PLACE_TYPE = '周边类型不正确';

export function isPlaceType(value: unknown): value is PlaceType {
  return typeof value === 'number' && value in PLACE_TYPES;
}

/** AMap's residential POI types (商务住宅 › 住宅区 …) for the community chooser. */
export const RESIDENTIAL_TYPE_CODES = ['120300', '120301', '120302', '120303', '120304'];
