import { numberOfObjectId, objectIdOf } from '../../src/database/recordIds.js'

test("a record's number and its MongoDB ObjectId map into each other, and sort alike", () => {
  const numbers = [0, 1, 7, 255, 4096, 2147483647]
  const objectIds = numbers.map(objectIdOf)
  expect(objectIds.slice(0, 3)).toEqual([
    '000000000000000000000000',
    '000000000000000000000001',
    '000000000000000000000007',
  ])
  expect(objectIds.map(numberOfObjectId)).toEqual(numbers)
  expect([...objectIds].sort()).toEqual(objectIds)
})

test('any other ObjectId holds no number', () => {
  expect(numberOfObjectId('6b0958b7ad0ae33648411142')).toBeUndefined()
  expect(numberOfObjectId('0000000000000000000000zz')).toBeUndefined()
  expect(numberOfObjectId('7')).toBeUndefined()
})
