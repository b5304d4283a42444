// 社区团购's public entry: the caller's 团长 applications (the orders centre shows the leader's entries).
export { useMyLeaders } from './api/group-buy-queries';
