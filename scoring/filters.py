"""django-filter sets: which evenings the standings cover."""
import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Evening, Season


class EveningFilter(django_filters.FilterSet):
    season = django_filters.ModelChoiceFilter(label=_("Sæson"), queryset=Season.objects.none(), empty_label=_("alle"))
    date_from = django_filters.DateFilter(field_name="date", lookup_expr="gte", label=_("Fra"),
                                          widget=forms.DateInput(attrs={"type": "date"}))
    date_to = django_filters.DateFilter(field_name="date", lookup_expr="lte", label=_("Til"),
                                        widget=forms.DateInput(attrs={"type": "date"}))
    include_open = django_filters.BooleanFilter(label=_("Medtag åbne aftener"), method="filter_open",
                                                widget=forms.CheckboxInput)

    class Meta:
        model = Evening
        fields = ["season", "date_from", "date_to", "include_open"]

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.filters["season"].queryset = Season.objects.filter(club=club)

    @property
    def qs(self):
        evenings = super().qs
        if not self.form.cleaned_data.get("include_open"):
            evenings = evenings.filter(closed_at__isnull=False)
        return evenings

    def filter_open(self, queryset, name, value):
        return queryset  # applied in ``qs``: closed evenings only unless asked
