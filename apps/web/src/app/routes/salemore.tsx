// /salemore (?id=): 社区团购 – the community's group buys; one group buy with its cart.
export { GroupBuysPage as Component } from '../../features/groupbuys/pages/group-buys-page';
