/** What other parts of the web app may use of block trades: the offers, my block orders, the payment step. */
export { BlockPayment } from './components/block-payment.tsx';
export { MyBlockOrders } from './components/my-block-orders.tsx';
