// /checkout/{bidId} (linked from the Accepted tab) is the same page as /payment/bid/{bidId}.
export { default } from './payment.js';
