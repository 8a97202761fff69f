import ShopPluginAPI
import ShopSQLite

/// The fields Tab offers after `sql QUERY |`: the columns of the query prepared against
/// empty tables with the fields of the input and of the variables it names. The query never
/// runs.
enum SQLResultFields {
    @Sendable static func fields(_ request: ResultFieldsRequest) -> [String] {
        guard let text = request.text(SQLCommand.query) else { return [] }
        let query = try? SQLQuery(text, input: request.inputFields.map(SQLQuery.Table.fields)) { name in
            guard let value = request.state[name] else { return .missing }
            return .fields(ResultFieldsRequest.fields(of: value))
        }
        return (try? query?.columnNames()) ?? []
    }
}
