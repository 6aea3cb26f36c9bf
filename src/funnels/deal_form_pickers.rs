//! The pickers of the deal form's fields (assignees, contacts, organizations, tags, a custom
//! field's options): built from the names and lookups, opened over the form as a layer of
//! their own, waiting for what they list, and what a choice puts in the form.

use super::FunnelsState;
use super::deal_form::{CustomValue, DealField, Input, Named};
use super::editor::{DealEditor, FormPicker, PickKey};
use super::layer::Layer;
use super::lookups::Lookups;
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::names::Names;
use crate::widgets::field::TextEdit;
use crate::widgets::picker::{PickItem, Picker, PickerOutcome};

fn members_picker(names: &Names, chosen: &[String], multi: bool) -> Option<Picker<PickKey>> {
    let members = names.members.value()?;
    let items = members
        .iter()
        .map(|m| PickItem::new(PickKey::Id(m.id.clone()), m.display_name()))
        .collect();
    Some(make(
        items,
        chosen.iter().cloned().map(PickKey::Id),
        multi,
        "Assignees",
    ))
}

fn make(
    mut items: Vec<PickItem<PickKey>>,
    chosen: impl Iterator<Item = PickKey>,
    multi: bool,
    title: &str,
) -> Picker<PickKey> {
    let chosen: Vec<PickKey> = chosen.collect();
    if multi {
        Picker::multi(title, items, &chosen)
    } else {
        items.insert(0, PickItem::new(PickKey::Nothing, "(none)"));
        let mut p = Picker::single(title, items);
        if let Some(c) = chosen.first() {
            p.focus(c);
        }
        p
    }
}

/// Items of a list of named things, keeping chosen ones the list does not have.
fn named_items<T>(
    list: &[T],
    id: impl Fn(&T) -> String,
    name: impl Fn(&T) -> String,
    chosen: &[Named],
) -> Vec<PickItem<PickKey>> {
    let mut items: Vec<PickItem<PickKey>> = list
        .iter()
        .map(|x| PickItem::new(PickKey::Id(id(x)), name(x)))
        .collect();
    for c in chosen {
        if !list.iter().any(|x| id(x) == c.id) {
            items.push(
                PickItem::new(PickKey::Id(c.id.clone()), c.name.clone()).detail("not in the list"),
            );
        }
    }
    items
}

impl DealEditor {
    /// The picker for `place`, or `None` while what it lists is still loading.
    fn picker_for(
        &self,
        place: DealField,
        names: &Names,
        lookups: &Lookups,
    ) -> Option<Picker<PickKey>> {
        let ids = |v: &[Named]| {
            v.iter()
                .map(|n| PickKey::Id(n.id.clone()))
                .collect::<Vec<_>>()
        };
        let contacts = |chosen: &[Named], multi: bool, title: &str| {
            (!lookups.contacts.loading).then(|| {
                let items = named_items(
                    &lookups.contacts.items,
                    |c| c.id.clone(),
                    weeek_api::models::Contact::display_name,
                    chosen,
                );
                make(items, ids(chosen).into_iter(), multi, title)
            })
        };
        match place {
            DealField::Assignees => members_picker(names, &self.form.assignees, true),
            DealField::Contacts => contacts(&self.form.contacts, true, "Contacts"),
            DealField::Organizations => (!lookups.orgs.loading).then(|| {
                let items = named_items(
                    &lookups.orgs.items,
                    |o| o.id.clone(),
                    weeek_api::models::Organization::display_name,
                    &self.form.organizations,
                );
                make(
                    items,
                    ids(&self.form.organizations).into_iter(),
                    true,
                    "Organizations",
                )
            }),
            DealField::Tags => {
                let tags = names.tags.value()?;
                let items = tags
                    .iter()
                    .map(|t| {
                        PickItem::new(PickKey::Tag(t.id), t.title.clone()).color(t.color.clone())
                    })
                    .collect();
                Some(make(
                    items,
                    self.form.tags.iter().map(|t| PickKey::Tag(*t)),
                    true,
                    "Tags",
                ))
            }
            DealField::Custom(i) => {
                let field = self.form.fields.get(i)?;
                let title = field.name.clone().unwrap_or_else(|| "Field".into());
                let chosen = self.form.chosen.get(&field.id);
                let one: Vec<Named> = match chosen {
                    Some(CustomValue::One(Some(n))) => vec![n.clone()],
                    Some(CustomValue::Many(v)) => v.clone(),
                    _ => Vec::new(),
                };
                match Input::of(field.kind()) {
                    Input::Option | Input::Options => {
                        let items = field
                            .options
                            .iter()
                            .map(|o| {
                                PickItem::new(
                                    PickKey::Id(o.id.clone()),
                                    o.name.clone().unwrap_or_default(),
                                )
                                .color(o.color.clone())
                            })
                            .collect();
                        let multi = Input::of(field.kind()) == Input::Options;
                        Some(make(items, ids(&one).into_iter(), multi, &title))
                    }
                    Input::Member => {
                        let ids: Vec<String> = one.iter().map(|n| n.id.clone()).collect();
                        members_picker(names, &ids, false).map(|mut p| {
                            p.title = title.clone();
                            p
                        })
                    }
                    Input::Contact => contacts(&one, false, &title),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Applies what a picker chose to `place`; `label` names a key.
    /// Applies what a picker chose to `place`: keys with their labels.
    fn apply_pick(&mut self, place: DealField, keys: &[(PickKey, String)]) {
        let named = |keys: &[(PickKey, String)]| -> Vec<Named> {
            keys.iter()
                .filter_map(|(k, name)| match k {
                    PickKey::Id(id) => Some(Named {
                        id: id.clone(),
                        name: name.clone(),
                    }),
                    _ => None,
                })
                .collect()
        };
        match place {
            DealField::Assignees => {
                self.form.assignees = named(keys).into_iter().map(|n| n.id).collect()
            }
            DealField::Contacts => self.form.contacts = named(keys),
            DealField::Organizations => self.form.organizations = named(keys),
            DealField::Tags => {
                self.form.tags = keys
                    .iter()
                    .filter_map(|(k, _)| match k {
                        PickKey::Tag(t) => Some(*t),
                        _ => None,
                    })
                    .collect()
            }
            DealField::Custom(i) => {
                let Some(field) = self.form.fields.get(i) else {
                    return;
                };
                let value = if Input::of(field.kind()) == Input::Options {
                    CustomValue::Many(named(keys))
                } else {
                    CustomValue::One(named(keys).into_iter().next())
                };
                self.form.chosen.insert(field.id.clone(), value);
            }
            _ => {}
        }
        self.form.errors.remove(&place);
    }
}

impl FunnelsState {
    pub(super) fn open_picker(&mut self, query: String, cx: &mut ScreenCtx) {
        let Some(e) = self.layers.editor() else {
            return;
        };
        let place = e.form.focus;
        let picker = e.picker_for(place, cx.names, &self.lookups);
        let mut p = FormPicker {
            place,
            picker,
            pending: query,
        };
        apply_pending(&mut p);
        self.layers.push(Layer::FormPicker(p));
    }

    /// Contacts or organizations arrived: a waiting picker gets its items.
    pub(super) fn refresh_form_picker(&mut self, names: &Names) {
        let Some(place) = self.layers.find(|l| match l {
            Layer::FormPicker(p) if p.picker.is_none() => Some(p.place),
            _ => None,
        }) else {
            return;
        };
        let Some(e) = self.layers.editor() else {
            return;
        };
        let built = e.picker_for(place, names, &self.lookups);
        if let Some(p) = self.layers.form_picker_mut() {
            p.picker = built;
            apply_pending(p);
        }
    }

    /// A command of the picker of a field of the form.
    pub(super) fn form_picker_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let Some(fp) = self.layers.form_picker_mut() else {
            return;
        };
        let Some(p) = &mut fp.picker else {
            match action {
                Action::Cancel => {
                    self.layers.pop_if(|l| matches!(l, Layer::FormPicker(_)));
                }
                Action::Text(TextEdit::DeleteBack) => {
                    fp.pending.pop();
                }
                _ => {}
            }
            return;
        };
        match p.act(action) {
            PickerOutcome::Pending => {}
            PickerOutcome::Cancelled => {
                self.layers.pop_if(|l| matches!(l, Layer::FormPicker(_)));
            }
            PickerOutcome::Picked(keys) => {
                let labelled = p.labelled(keys);
                let place = fp.place;
                self.layers.pop_if(|l| matches!(l, Layer::FormPicker(_)));
                if let Some(e) = self.layers.editor_mut() {
                    e.apply_pick(place, &labelled);
                }
                self.flush_draft(cx);
            }
        }
    }

    /// A character typed into the query of the picker of a field (kept for it while its
    /// items load).
    pub(super) fn form_picker_char(&mut self, c: char) -> bool {
        let Some(p) = self.layers.form_picker_mut() else {
            return false;
        };
        match &mut p.picker {
            Some(picker) => picker.type_char(c),
            None => {
                p.pending.push(c);
                true
            }
        }
    }

    pub(super) fn form_picker_paste(&mut self, text: &str) -> bool {
        let Some(p) = self.layers.form_picker_mut() else {
            return false;
        };
        match &mut p.picker {
            Some(picker) => picker.paste(text),
            None => p.pending.push_str(&crate::text::one_line(text)),
        }
        true
    }
}

fn apply_pending(p: &mut FormPicker) {
    crate::widgets::picker::apply_pending(&mut p.picker, &mut p.pending);
}
