/** What other parts of the web app may use of trading: the ticket's rule for a number of shares. */
export { quantityProblem } from './ticket.ts';
