export * from './constants'
export * from './domain/index'
export * from './field-errors'
export * from './schemas/index'
