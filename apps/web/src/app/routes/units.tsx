// /units?poiId=…: 房屋登记, the unit register owners' votes are counted by.
export { UnitsPage as Component } from '../../features/manage/pages/units-page';
