/** What other parts of the web app may show of IPOs: "my subscriptions" (the Trade tab lists it). */
export { MySubscriptions } from './components/my-subscriptions.tsx';
