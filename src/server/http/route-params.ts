// The path parameters of the application routes are the route table's (domain/routes).
export * from '../../domain/routes/route-params';
