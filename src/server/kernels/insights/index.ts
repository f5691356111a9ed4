// The SQL of the insight figures, shared by the insights and the applications' list.
export { figureCondition, queuePredicate, rangeEnd, rangeStart } from './insight-figures';
