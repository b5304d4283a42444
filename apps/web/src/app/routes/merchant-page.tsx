// /bussiness?id= a shop's page, ?category= the shops of a category.
export { MerchantPage as Component } from '../../features/merchants/pages/merchant-page';
