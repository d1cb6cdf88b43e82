export * from './constants'
export * from './domain/index'
export * from './schemas/index'
