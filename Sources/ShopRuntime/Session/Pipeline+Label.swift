import ShopLanguage
import ShopState

extension Pipeline {
    /// What `undo` calls the change the pipeline makes: its text, cut out of the script only
    /// when `undo` names it.
    var label: ChangeLabel { ChangeLabel(text, bytes: bytes) }
}
