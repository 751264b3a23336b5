export { deskTopic, guestTopic } from './support.ts';
