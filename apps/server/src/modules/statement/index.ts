export { statementFigures } from './figures.ts';
export { statementJob } from './job.ts';
export { statementRoutes } from './routes.ts';
export { StatementService } from './service.ts';
