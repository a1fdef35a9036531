import { type TranslationMessages } from 'react-admin';

/**
 * Spanish (neutral Latin-American, "usted") UI messages for react-admin v5.
 *
 * react-admin ships no maintained Spanish package for v5, so this mirrors
 * `ra-language-english` key by key (see ra-language-spanish.test.ts, which
 * fails if a key, a `%{placeholder}` or a ` |||| ` plural form drifts).
 *
 * Glossary kept consistent throughout: Guardar, Eliminar (delete) vs. Quitar
 * (remove from a list/filter), Filtro, Registro(s) (item/element), Exportar,
 * Consulta (saved query), Recargar (refresh) vs. Actualizar (update).
 * Confirmations use "¿Confirma que desea…?" rather than "¿Está seguro/a…?" to
 * stay gender-neutral; %{name} is a resource label, so sentences avoid making
 * an article agree with it ("este registro de %{name}").
 */
const spanishMessages: TranslationMessages = {
  ra: {
    action: {
      add_filter: 'Agregar filtro',
      add: 'Agregar',
      back: 'Regresar',
      bulk_actions: '1 registro seleccionado |||| %{smart_count} registros seleccionados',
      cancel: 'Cancelar',
      clear_array_input: 'Vaciar la lista',
      clear_input_value: 'Borrar valor',
      clone: 'Duplicar',
      confirm: 'Confirmar',
      create: 'Crear',
      create_item: 'Crear %{item}',
      delete: 'Eliminar',
      edit: 'Editar',
      export: 'Exportar',
      list: 'Lista',
      refresh: 'Recargar',
      remove_filter: 'Quitar este filtro',
      remove_all_filters: 'Quitar todos los filtros',
      remove: 'Quitar',
      reset: 'Restablecer',
      save: 'Guardar',
      search: 'Buscar',
      search_columns: 'Buscar columnas',
      select_all: 'Seleccionar todo',
      select_all_button: 'Seleccionar todo',
      select_row: 'Seleccionar esta fila',
      show: 'Ver',
      sort: 'Ordenar',
      undo: 'Deshacer',
      unselect: 'Quitar selección',
      expand: 'Expandir',
      close: 'Cerrar',
      open_menu: 'Abrir menú',
      close_menu: 'Cerrar menú',
      update: 'Actualizar',
      move_up: 'Mover hacia arriba',
      move_down: 'Mover hacia abajo',
      open: 'Abrir',
      toggle_theme: 'Cambiar entre modo claro y oscuro',
      select_columns: 'Columnas',
      update_application: 'Recargar la aplicación',
    },
    boolean: {
      true: 'Sí',
      false: 'No',
      // U+2003 EM SPACE on purpose, exactly as ra-language-english (not an ASCII space): a blank label for null booleans.
      null: '\u2003',
    },
    page: {
      create: 'Crear %{name}',
      dashboard: 'Panel principal',
      edit: '%{name} %{recordRepresentation}',
      error: 'Algo salió mal',
      list: '%{name}',
      loading: 'Cargando',
      not_found: 'No encontrado',
      show: '%{name} %{recordRepresentation}',
      empty: 'Aún no hay %{name}.',
      invite: '¿Desea agregar un registro?',
      access_denied: 'Acceso denegado',
      authentication_error: 'Error de autenticación',
    },
    input: {
      file: {
        upload_several: 'Suelte aquí algunos archivos para cargarlos o haga clic para seleccionar uno.',
        upload_single: 'Suelte aquí un archivo para cargarlo o haga clic para seleccionarlo.',
      },
      image: {
        upload_several: 'Suelte aquí algunas imágenes para cargarlas o haga clic para seleccionar una.',
        upload_single: 'Suelte aquí una imagen para cargarla o haga clic para seleccionarla.',
      },
      references: {
        all_missing: 'No se encontraron los datos de referencia.',
        many_missing: 'Al menos una de las referencias asociadas parece ya no estar disponible.',
        single_missing: 'La referencia asociada parece ya no estar disponible.',
      },
      password: {
        toggle_visible: 'Ocultar contraseña',
        toggle_hidden: 'Mostrar contraseña',
      },
    },
    message: {
      about: 'Acerca de',
      access_denied: 'No tiene los permisos necesarios para acceder a esta página',
      are_you_sure: '¿Confirma esta acción?',
      authentication_error:
        'El servidor de autenticación devolvió un error y no se pudieron verificar sus credenciales.',
      auth_error: 'Ocurrió un error al validar el token de autenticación.',
      bulk_delete_content:
        '¿Confirma que desea eliminar este registro de %{name}? |||| ¿Confirma que desea eliminar estos %{smart_count} registros?',
      bulk_delete_title: 'Eliminar %{name} |||| Eliminar %{smart_count} %{name}',
      bulk_update_content:
        '¿Confirma que desea actualizar %{name} %{recordRepresentation}? |||| ¿Confirma que desea actualizar estos %{smart_count} registros?',
      bulk_update_title: 'Actualizar %{name} %{recordRepresentation} |||| Actualizar %{smart_count} %{name}',
      clear_array_input: '¿Confirma que desea vaciar toda la lista?',
      delete_content: '¿Confirma que desea eliminar este registro de %{name}?',
      delete_title: 'Eliminar %{name} %{recordRepresentation}',
      details: 'Detalles',
      error: 'Ocurrió un error en el cliente y no se pudo completar su solicitud.',
      invalid_form: 'El formulario no es válido. Revise los errores.',
      loading: 'Espere un momento, por favor',
      no: 'No',
      not_found: 'Escribió una URL incorrecta o siguió un enlace no válido.',
      select_all_limit_reached:
        'Hay demasiados registros para seleccionarlos todos. Solo se seleccionaron los primeros %{max} registros.',
      unsaved_changes: 'Algunos de sus cambios no se guardaron. ¿Confirma que desea descartarlos?',
      yes: 'Sí',
      placeholder_data_warning: 'Problema de red: no se pudieron actualizar los datos.',
    },
    navigation: {
      clear_filters: 'Borrar filtros',
      no_filtered_results: 'No se encontraron %{name} con los filtros actuales.',
      no_results: 'No se encontraron %{name}',
      no_more_results: 'El número de página %{page} está fuera de rango. Intente con la página anterior.',
      page_out_of_boundaries: 'Número de página %{page} fuera de rango',
      page_out_from_end: 'No se puede avanzar más allá de la última página',
      page_out_from_begin: 'No se puede retroceder antes de la página 1',
      page_range_info: '%{offsetBegin}-%{offsetEnd} de %{total}',
      partial_page_range_info: '%{offsetBegin}-%{offsetEnd} de más de %{offsetEnd}',
      current_page: 'Página %{page}',
      page: 'Ir a la página %{page}',
      first: 'Ir a la primera página',
      last: 'Ir a la última página',
      next: 'Ir a la página siguiente',
      previous: 'Ir a la página anterior',
      page_rows_per_page: 'Filas por página:',
      skip_nav: 'Saltar al contenido',
    },
    sort: {
      sort_by: 'Ordenar por %{field_lower_first} %{order}',
      ASC: 'ascendente',
      DESC: 'descendente',
    },
    auth: {
      auth_check_error: 'Inicie sesión para continuar',
      user_menu: 'Perfil',
      username: 'Nombre de usuario',
      password: 'Contraseña',
      email: 'Correo electrónico',
      sign_in: 'Iniciar sesión',
      sign_in_error: 'Error de autenticación. Intente de nuevo.',
      logout: 'Cerrar sesión',
    },
    notification: {
      updated: 'Registro actualizado |||| %{smart_count} registros actualizados',
      created: 'Registro creado',
      deleted: 'Registro eliminado |||| %{smart_count} registros eliminados',
      bad_item: 'Registro incorrecto',
      item_doesnt_exist: 'El registro no existe',
      http_error: 'Error de comunicación con el servidor',
      data_provider_error: 'Error del dataProvider. Consulte la consola para ver los detalles.',
      i18n_error: 'No se pudieron cargar las traducciones del idioma especificado',
      canceled: 'Acción cancelada',
      logged_out: 'Su sesión terminó. Vuelva a iniciar sesión.',
      not_authorized: 'No tiene autorización para acceder a este recurso.',
      application_update_available: 'Hay una nueva versión disponible.',
      offline: 'Sin conexión. No se pudieron obtener los datos.',
    },
    validation: {
      required: 'Obligatorio',
      minLength: 'Debe tener al menos %{min} caracteres',
      maxLength: 'Debe tener %{max} caracteres o menos',
      minValue: 'Debe ser al menos %{min}',
      maxValue: 'Debe ser %{max} o menos',
      number: 'Debe ser un número',
      email: 'Debe ser un correo electrónico válido',
      oneOf: 'Debe ser uno de los siguientes: %{options}',
      regex: 'Debe coincidir con un formato específico (regexp): %{pattern}',
      unique: 'Debe ser un valor único',
    },
    saved_queries: {
      label: 'Consultas guardadas',
      query_name: 'Nombre de la consulta',
      new_label: 'Guardar la consulta actual...',
      new_dialog_title: 'Guardar la consulta actual como',
      remove_label: 'Eliminar consulta guardada',
      remove_label_with_name: 'Eliminar la consulta "%{name}"',
      remove_dialog_title: '¿Eliminar la consulta guardada?',
      remove_message: '¿Confirma que desea eliminar esta consulta de su lista de consultas guardadas?',
      help: 'Filtre la lista y guarde esta consulta para usarla más tarde',
    },
    guesser: {
      empty: {
        title: 'No hay datos para mostrar',
        message: 'Revise su proveedor de datos (dataProvider)',
      },
    },
    configurable: {
      customize: 'Personalizar',
      configureMode: 'Configurar esta página',
      inspector: {
        title: 'Inspector',
        content: 'Pase el cursor sobre los elementos de la interfaz para configurarlos',
        reset: 'Restablecer configuración',
        hideAll: 'Ocultar todo',
        showAll: 'Mostrar todo',
      },
      Datagrid: {
        title: 'Tabla de datos',
        unlabeled: 'Columna sin etiqueta #%{column}',
      },
      SimpleForm: {
        title: 'Formulario',
        unlabeled: 'Campo sin etiqueta #%{input}',
      },
      SimpleList: {
        title: 'Lista',
        primaryText: 'Texto principal',
        secondaryText: 'Texto secundario',
        tertiaryText: 'Texto terciario',
      },
    },
  },
};

export default spanishMessages;
