/**
 * Paths of the web app's screens. QR codes, native shells and links in the wild point at these
 * (spec §2), so they never change. The server answers them with the app's HTML (status 200); any
 * other non-API path gets the same HTML with status 404 so the app can show its not-found page.
 */
export const WebRoute = {
  home: '/',
  search: '/search',
  correction: '/errcon',
  mapPicker: '/map',
  placeDetail: '/adetail',
  register: '/addmsg',
  pass: '/pcheck',
  manageCentre: '/mcenter',
  records: '/records',
  registrationDetail: '/xxdetail',
  entryLogs: '/crrecords',
  dutyStaff: '/zqzmg',
  addDutyStaff: '/addnew',
  communityGate: '/areamsg',
  support: '/support',
  communityInfo: '/sqmsg',
  managedCommunities: '/gllist',
  /** 统计概览 (not in the spec): a community's, or all of an administrator's without poiId. */
  dashboard: '/dashboard',
  /** 信息保存期限 (not in the spec): how long the community keeps personal data, for administrators. */
  retention: '/retention',
  /** 操作日志 (not in the spec): who saw or exported whose data, for administrators. */
  auditLog: '/auditlog',
  /** 车辆进出 (not in the spec): look a plate up, record a car entering or leaving. */
  vehicles: '/vehicles',
  /** 连续扫码核验 (not in the spec): the duty staff's rush-hour scanner, the camera reading pass after pass. */
  gateScanner: '/gatescan',
  /** 房屋登记 (not in the spec): a community's units, areas and owners, for owners' votes. */
  units: '/units',
  /** 导入住户 (not in the spec): a community's residents from a spreadsheet, for administrators and managers. */
  residentsImport: '/importresidents',
  /** 业主表决 (not in the spec): a community's owners' votes, and starting one. */
  ownerVotes: '/ownervotes',
  /** 发起业主表决 (not in the spec): /ownervotestart?poiId= – a 业主委员会 member (or staff) starts an owners' vote; others are told who may. */
  ownersVoteStart: '/ownervotestart',
  /** 业主表决设置 (not in the spec): the notice period and the 业主委员会 of a community. */
  ownersSettings: '/ownerssettings',
  /** The printable A4 notice (公告) of a poll's result. */
  pollNotice: '/pollnotice',
  /** 纸质票与委托 (not in the spec): paper ballots and written proxies of an owners' vote, for its community's administrators and managers. */
  pollDesk: '/polldesk',
  /** 隐私政策 (not in the spec): what the project keeps about a person, why, how long, who sees it. */
  privacy: '/privacy',
  /** 消息 (not in the spec): what the person was told, and which kinds they want. */
  notices: '/notices',
  /** 我的信息 (not in the spec): a person's own data, who viewed it, a copy, deletion. */
  myData: '/mydata',
  /** 邀请访客 (not in the spec): a resident invites a visitor and sees their visits. */
  invite: '/invite',
  /** 访客通行证 (not in the spec): the invited visitor's pass, opened from the SMS link without an account. */
  visit: '/visit',
  /** 访客邀请 (not in the spec): a community's invitations for its staff, the setting, export and cancel. */
  invitations: '/visitors',
  createPoll: '/svote',
  poll: '/chiocevote',
  pollList: '/chiocelist',
  /** 社区投票 (spec route, contents not shown): the polls' home – the community's polls and owners' votes, mine, starting one. */
  vote: '/vote',
  /** 自助检测 (spec route /test, contents not shown): the phone's self-check the support hotline asks for, linked from 技术支持. */
  selfCheck: '/test',
  /** 邻里圈 (spec route, contents not shown): the community's board – pinned notices, then posts newest first, kinds as tabs. */
  board: '/stick',
  /** 邻里圈 · 某人的帖子 (the child /stick/wwear/{openId}): one person's posts here; their own with what is held or removed. */
  boardPerson: '/stick/wwear',
  /** 搜索邻里圈 (spec route): the search box and the kinds to filter by. */
  boardSearch: '/sticksearch',
  /** 搜索结果 (spec route): /searchlist?keyword=&kind= – posts whose text or comments hold the keyword. */
  boardSearchList: '/searchlist',
  /** 帖子详情 (spec route): /stickdetail?id= – the post, its photos full screen, comments, like, share, report. */
  boardPost: '/stickdetail',
  /** (spec route) /detailRefresh?id= – reloads a post from the server (after an edit, or from a stale link) and shows it. */
  boardPostRefresh: '/detailRefresh',
  /** 发帖 (spec route): /tpush, or /tpush?id= to edit one's own post. */
  boardPublish: '/tpush',
  /** 邻里圈规则 (spec route): the community's board rules, accepted once before a first post. */
  boardRules: '/rules',
  /** 邻里圈管理 (not in the spec): held and reported content, pins, mutes, keywords, rules, the actions' record. */
  boardManage: '/stickmanage',
  /** 社区活动 (spec route, contents not shown): the community's event home – what is coming, the kinds, my events, albums, spaces. */
  events: '/activity',
  /** 活动列表 (spec route): /activitylist?kind=&when=upcoming|week|past. */
  eventList: '/activitylist',
  /** 活动类型 (spec route): the kinds, each with its upcoming events' count. */
  eventKinds: '/activity/kinds',
  /** 搜索活动 (spec route): /activity/search?keyword=&kind=. */
  eventSearch: '/activity/search',
  /** 活动详情 (not in the spec): /activitydetail?id= – sign up, companions, the check-in QR, the album. */
  eventDetail: '/activitydetail',
  /** 我的活动 (not in the spec): the caller's sign-ups in every community. */
  myEvents: '/activity/mine',
  /** 发布活动 (not in the spec): /activitypush?poiId= (new), ?id= (edit), ?copy= (repeat an event, dates a week on). */
  eventPublish: '/activitypush',
  /** 活动管理 (not in the spec, staff): /activitymanage?poiId= – events, proposals, settings; ?id= one event's sign-ups, attendance, export, door QR. */
  eventManage: '/activitymanage',
  /** 现场签到 (not in the spec): /activitycheckin?id=&door= – what the door QR opens; checks the signed-up caller in. */
  eventCheckin: '/activitycheckin',
  /** 签到码 (not in the spec): /activityticket?code= – what a sign-up's QR holds; on a staff phone it checks the person in. */
  eventTicket: '/activityticket',
  /** 现场签到二维码 (not in the spec, staff): /activitydoor?id= – the rotating door QR full screen, with the attended count. */
  eventDoor: '/activitydoor',
  /** 社区相册 (spec route, contents not shown): the community's albums, one per event; ?event= one album. */
  albums: '/albums',
  /** 场地预约 (spec route /area, contents not shown): the community's bookable spaces; ?id= one space's slots and booking. */
  spaces: '/area',
  /** 场地管理 (not in the spec, staff): spaces, hours and rules, the day's bookings, approvals. */
  spaceManage: '/areamanage',
  /** 商家中心 (spec route /business, contents not shown): a shop's own centre – apply, review state, coupons, clerks, dashboard; the platform's review queue for operators and administrators. */
  business: '/business',
  /** 商家收银台 (spec route /bs): the counter page a shop's staff keep open – scans coupons, online and offline. */
  merchantCounter: '/bs',
  /** 商家主页 (spec route /bussiness, spelled as the seed spells it): /bussiness?id= – a shop's public page; ?category= the shops of one service category. */
  merchantPage: '/bussiness',
  /** 优惠券管理 (not in the spec): /couponmanage?shop= – a shop's batches, publishing (owner), dashboard, redemptions and their .xlsx; clerks see, do not publish. */
  couponManage: '/couponmanage',
  /** 我的优惠券 (spec route /coupon): the resident's coupons by state; ?id= one coupon with its rotating code. */
  coupons: '/coupon',
  /** 领券 (spec route /rcoupon): /rcoupon?id= – what a shared link or poster opens: claim one coupon of a batch. */
  couponClaim: '/rcoupon',
  /** 优惠活动 (spec route /cactivity): /cactivity?id= – a coupon batch's campaign page. */
  couponCampaign: '/cactivity',
  /** 优惠券规则 (spec route /crules): ?id= a batch's rules; without, how coupons work. */
  couponRules: '/crules',
  /** 红包 (spec route /redbag/): the red-packet campaigns; ?id= a packet to open. */
  redbag: '/redbag',
  /** 红包玩法 (spec route /redbag/playinfo): the rules of red packets. */
  redbagRules: '/redbag/playinfo',
  /** 分享红包 (spec route /redbag/share): ?id= a packet's share page – who opened it, share again. */
  redbagShare: '/redbag/share',
  /** 红包活动管理 (not in the spec): a shop's owner creates and lists red-packet campaigns; ?shop=. */
  redbagManage: '/redbagmanage',
  /** 会员等级 (spec route /lvip): the caller's points, level and how to earn. */
  memberLevels: '/lvip',
  /** 最高等级会员 (spec route /svip): the top level and its benefits. */
  memberTop: '/svip',
  /** 团购 (spec route /salemore): the community's group buys on sale now, more than the home page shows; ?id= one group buy with its cart. */
  groupBuys: '/salemore',
  /** 我的订单 (spec route /myorder): the resident's group-buy centre – orders by state, pickup, refunds, and the 团长's entries. */
  orders: '/myorder',
  /** 订单列表 (spec route /myorder/my): ?state=unpaid|paid|collected|refund|all – the caller's orders by state. */
  myOrders: '/myorder/my',
  /** 订单详情 (spec route /myorder/detail): ?id= – lines, payment, the pickup code, refunds. */
  orderDetail: '/myorder/detail',
  /** 申请退款 (spec route /myorder/refund): ?id= – ask a refund of an order's units, with a reason (and photos after pickup). */
  orderRefund: '/myorder/refund',
  /** 退款进度 (spec route /myorder/refunding): ?id= an order's refunds and their states (申请中, 退款中, 已退款, 已拒绝); without, all of the caller's. */
  orderRefunding: '/myorder/refunding',
  /** 待取订单 (spec route /myorder/deqorder): the 团长's or shop's side – paid orders waiting for pickup, per point and day, printable; scanning pickup codes. */
  pickupOrders: '/myorder/deqorder',
  /** 我的收益 (spec route /myorder/myprofit): the 团长's commission – pending, settled, monthly statement (.xlsx). */
  leaderEarnings: '/myorder/myprofit',
  /** 推广中心 (spec route /myorder/pcenter): the 团长's share poster (PNG with a QR) and links that credit them. */
  leaderPromotion: '/myorder/pcenter',
  /** 团长中心 (spec route /myorder/mycenter): apply to be a 团长, the application's state, the leader's group buys and publishing. */
  leaderCentre: '/myorder/mycenter',
  /** 团购管理 (not in the spec, staff): 团长 applications to review, the community's group buys, refunds waiting, reconciliation. */
  groupBuyManage: '/groupbuymanage',
  /** 发布团购 (not in the spec): /groupbuypush?leader= or ?shop= – items, stock, window, 成团, pickup, commission. */
  groupBuyPublish: '/groupbuypush',
  /** 支付 (not in the spec): /pay?order= – the order's payment: WeChat Pay (JSAPI in WeChat, H5 outside, the bridge in the shells). */
  orderPay: '/pay',
  neighbours: '/sqroom',
  communityChooser: '/chiocesq',
  nearby: '/around',
  streetInfo: '/jdlist',
  login: '/login',
  quickLogin: '/quickLogin',
  embedDemo: '/embed-demo',
} as const;
export type WebRoute = (typeof WebRoute)[keyof typeof WebRoute];

export const WEB_ROUTES: readonly string[] = Object.values(WebRoute);
