import { Table } from '@mantine/core'
import type { ReactNode } from 'react'

export interface DataTableProps {
  caption: string
  columns: readonly string[]
  rows: readonly (readonly ReactNode[])[]
}

/** A plain table of a chart's figures (its text alternative); the first column heads each row. */
export function DataTable({ caption, columns, rows }: DataTableProps) {
  return (
    <Table striped withTableBorder captionSide="top" fz="sm">
      <Table.Caption c="gray.3">{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          // Rows are positional (one per period): the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Table.Tr key={index}>
            {row.map((cell, column) =>
              column === 0 ? (
                <Table.Th key={columns[column]} scope="row" fw={400}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={columns[column]}>{cell}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
