// /mydata?poiId=…: 我的信息 – a person's own data, who handled it, a copy, deletion.
export { MyDataPage as Component } from '../../features/pass/pages/my-data-page';
